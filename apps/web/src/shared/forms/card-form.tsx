import { Button, Form } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { ApiError } from '../api/client';
import { type RefusalMessage, showRefusal } from './refusal';

/** A form's instance, as `Form.useForm` returns it. */
export type FormHandle = ReturnType<typeof Form.useForm>[0];

/**
 * A form's instance, `refuse(error)`: a server refusal under the one of `fields` it concerns
 * (`fieldOfRefusal`), else a toast, returning the refusal; and `attempt(request)` that runs a
 * request and refuses what it throws.
 */
export function useCardForm<V extends object>(
  fields: readonly (keyof V & string)[],
  options?: { keyFields?: Readonly<Record<string, keyof V & string>>; message?: RefusalMessage },
) {
  const [form] = Form.useForm<V>();
  const refuse = (error: unknown) => showRefusal(form, error, fields, options);
  /** Runs the form's request; a refusal goes under its field (or a toast) and is returned. */
  const attempt = async (request: () => Promise<unknown>): Promise<ApiError | null> => {
    try {
      await request();
      return null;
    } catch (error) {
      return refuse(error);
    }
  };
  return { form, refuse, attempt };
}

/**
 * A form of the app (SPEC §12): a card, labels above the fields, fields validated as typed, and
 * the submit button below them with what the page says around it. Money moves through it with
 * the fund form's fields (`./fund-form`).
 */
export function CardForm<V extends object>({
  form,
  className,
  initialValues,
  onFinish,
  onValuesChange,
  submit,
  beforeSubmit,
  afterSubmit,
  children,
}: {
  form: FormHandle;
  /** Classes besides `kb-form kb-card`. */
  className?: string;
  initialValues: V;
  onFinish: (values: V) => unknown;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  submit: { label: ReactNode; testId: string; loading: boolean; disabled?: boolean };
  beforeSubmit?: ReactNode;
  afterSubmit?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      className={className ? `kb-form kb-card ${className}` : 'kb-form kb-card'}
      layout="vertical"
      mode="card"
      requiredMarkStyle="none"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      footer={
        <>
          {beforeSubmit}
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={submit.loading}
            disabled={submit.disabled}
            data-testid={submit.testId}
          >
            {submit.label}
          </Button>
          {afterSubmit}
        </>
      }
    >
      {children}
    </Form>
  );
}
