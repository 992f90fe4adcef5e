import type { FormInstance } from 'antd';
import { ApiError } from './api';
import { errorText } from './i18n';

/**
 * Shows a refusal where it belongs: one naming a field of the form (`names.jp` → the Japanese
 * name) under that field, any other as a message.
 */
export function showRefusal(
  form: FormInstance,
  message: { error: (text: string) => unknown },
  error: unknown,
): void {
  const path = error instanceof ApiError && error.field ? error.field.split('.') : null;
  if (path && error instanceof ApiError && form.getFieldInstance(path as never) !== undefined)
    form.setFields([{ name: path as never, errors: [errorText(error.key)] }]);
  else message.error(error instanceof ApiError ? errorText(error.key) : errorText('network_error'));
}
