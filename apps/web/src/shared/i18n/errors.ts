import { defineMessages } from './define';
import { messages as cn } from './server-keys/cn';
import { messages as jp } from './server-keys/jp';
import { messages as us } from './server-keys/us';

/** Every language's server keys (translation checks and types; the app loads one language). */
export const errorsI18n = defineMessages('errors', { cn: cn.errors, us: us.errors, jp: jp.errors });
export const successI18n = defineMessages('success', { cn: cn.success, us: us.success, jp: jp.success });
