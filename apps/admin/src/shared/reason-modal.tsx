import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for the reason of an action (SPEC §9: required wherever the action refuses or changes). */
export function ReasonModal({
  open,
  title,
  required,
  danger,
  busy,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  required: boolean;
  danger?: boolean;
  busy?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: Boolean(danger), loading: Boolean(busy), 'data-testid': 'reason-ok' } as never}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit((v.reason ?? '').trim())}>
        <Form.Item
          name="reason"
          label={required ? t('common.reason') : t('common.reasonOptional')}
          rules={required ? [{ required: true, whitespace: true, message: t('form.reasonRequired') }] : []}
        >
          <Input.TextArea autoFocus rows={3} maxLength={500} showCount data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
