import { Dialog, type DialogConfirmProps } from 'antd-mobile';
import { closeOnNavigation } from './overlays';

closeOnNavigation(() => Dialog.clear());

/** antd-mobile's confirmation dialog that closes (answering "no") when the screen changes. */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return Dialog.confirm(props);
}
