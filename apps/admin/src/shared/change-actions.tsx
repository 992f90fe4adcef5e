import type { admin } from '@kabuto/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from './api';
import { errorText } from './i18n';
import { ReasonModal } from './reason-modal';

/**
 * The actions on a row that can still change (a product, an article): edit it, or end it (close
 * early, take down), which asks its reason. The buttons are `${testId}-edit-${id}` and
 * `${testId}-${endId}-${id}`.
 */
export function ChangeActions({
  testId,
  id,
  endId,
  endLabel,
  onEdit,
  onEnd,
}: {
  testId: string;
  id: number;
  endId: string;
  endLabel: string;
  onEdit: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Button size="small" onClick={onEdit} data-testid={`${testId}-edit-${id}`}>
        {t('common.edit')}
      </Button>
      <Button size="small" danger onClick={onEnd} data-testid={`${testId}-${endId}-${id}`}>
        {endLabel}
      </Button>
    </Space>
  );
}

/** The actions column of a list of things that can change, with `ChangeActions` on the rows that still can. */
export function changeColumn<T extends { id: number }>({
  canChange,
  onEdit,
  onEnd,
  ...actions
}: {
  testId: string;
  endId: string;
  endLabel: string;
  canChange: (row: T) => boolean;
  onEdit: (row: T) => void;
  onEnd: (row: T) => void;
}): ColumnType<T> {
  return {
    title: i18next.t('common.actions'),
    key: 'actions',
    render: (_, r) =>
      canChange(r) ? (
        <ChangeActions {...actions} id={r.id} onEdit={() => onEdit(r)} onEnd={() => onEnd(r)} />
      ) : null,
  };
}

/** A back-office call ending one thing (`:id`) with a reason. */
type EndCall = admin.AdminCallDef & { method: 'POST' };

/**
 * Asks the reason for ending `target` (closing a product early, taking an article down,
 * withdrawing a listing) and makes the call; on success says `done`, calls `onEnded`, closes and
 * reloads the list under `queryKey`.
 */
export function EndModal<T extends { id: number }>({
  call,
  target,
  title,
  done,
  queryKey,
  onEnded,
  onClose,
}: {
  call: EndCall;
  target: T | null;
  title: (target: T) => string;
  done: string;
  queryKey: string;
  onEnded?: (target: T) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: ({ item, reason }: { item: T; reason: string }) =>
      adminApi.send(call, { params: { id: item.id }, body: { reason } }),
    onSuccess: (_, { item }) => {
      message.success(done);
      onEnded?.(item);
      onClose();
      void queryClient.invalidateQueries({ queryKey: [queryKey] });
    },
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  return (
    <ReasonModal
      open={target !== null}
      title={target ? title(target) : ''}
      required
      danger
      busy={end.isPending}
      onCancel={onClose}
      onSubmit={(reason) => target && end.mutate({ item: target, reason })}
    />
  );
}
