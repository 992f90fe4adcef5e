import { defineMessages } from '../../i18n/define';
import { messages as cn } from './cn';
import { messages as jp } from './jp';
import { messages as us } from './us';

/** The `alerts` namespace: the alert sheet (stock screen), the alerts list and notification settings. */
export const alertsI18n = defineMessages('alerts', { cn, us, jp });
