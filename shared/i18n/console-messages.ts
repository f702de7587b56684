import consoleEnUS from '../../locales/console/en-US.json';
import consoleZhCN from '../../locales/console/zh-CN.json';
import type { AppLanguage, Messages } from './index';

/**
 * The admin console's messages: its screens' words and the messages of its calls. The web app adds
 * them when a console screen loads; the server holds them with every other message
 * (./all-messages).
 */
export const consoleMessages: Record<AppLanguage, Messages> = { 'zh-CN': consoleZhCN, 'en-US': consoleEnUS };
