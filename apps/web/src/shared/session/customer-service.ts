import { getConfigValue } from '../config/config-store';
import { toastError } from '../ui/toast';

/**
 * Customer service (SPEC §2): opens the configured `kefu` link in a new window, or says the
 * link could not be obtained.
 */
export function openCustomerService(): void {
  const link = getConfigValue('kefu').trim();
  if (!link) {
    toastError('kefu_missing');
    return;
  }
  window.open(link, '_blank', 'noopener,noreferrer');
}
