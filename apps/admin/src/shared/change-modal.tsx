import type { admin } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from './api';
import { showRefusal } from './refusal';

/** A back-office call changing one thing, with a reason. */
type ChangeCall = admin.AdminCallDef & { method: 'POST'; body: NonNullable<admin.AdminCallDef['body']> };

/**
 * A dialog changing one published thing (a product, an article) with the reason the change needs
 * (SPEC §9: audited with it). A refusal naming a field shows under it; `goneKey` (the thing can
 * no longer change) closes the dialog and reloads the list.
 */
export function ChangeModal<V extends Record<string, unknown>, C extends ChangeCall>({
  title,
  testId,
  call,
  id,
  toBody,
  initialValues,
  done,
  queryKey,
  goneKey,
  width,
  onFinishFailed,
  onClose,
  children,
}: {
  title: string;
  /** `${testId}-form`, `${testId}-ok` and `${testId}-reason` name the dialog's parts. */
  testId: string;
  /** The change: a call on one thing (`:id`) whose body takes the reason. */
  call: C;
  id: number;
  toBody: (values: V) => Omit<admin.AdminBodyOf<C>, 'reason'>;
  initialValues: Partial<V>;
  done: string;
  queryKey: string;
  goneKey: string;
  width?: number;
  onFinishFailed?: (info: { errorFields: Array<{ name: Array<string | number> }> }) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V & { reason: string }>();
  const save = useMutation({
    mutationFn: ({ reason, ...values }: V & { reason: string }) =>
      adminApi.send(call, {
        params: { id },
        body: { ...toBody(values as unknown as V), reason: reason.trim() },
      }),
    onSuccess: () => {
      message.success(done);
      void queryClient.invalidateQueries({ queryKey: [queryKey] });
      onClose();
    },
    onError: (e) => {
      showRefusal(form, message, e);
      if (e instanceof ApiError && e.key === goneKey) {
        void queryClient.invalidateQueries({ queryKey: [queryKey] });
        onClose();
      }
    },
  });
  return (
    <Modal
      open
      {...(width ? { width } : {})}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': `${testId}-ok` } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid={`${testId}-form`}
        initialValues={initialValues as never}
        onFinish={(v) => save.mutate(v)}
        {...(onFinishFailed ? { onFinishFailed } : {})}
      >
        {children}
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
