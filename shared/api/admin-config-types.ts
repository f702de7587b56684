/** Answers of the admin console's site and judges pages, shared by the server and the web app. */
import type { z } from 'zod';
import type * as config from '../schemas/responses/admin-config';

export type QueueGlance = z.infer<typeof config.queueGlance>;
export type RecentLogin = z.infer<typeof config.recentLogin>;
export type DashboardInfo = z.infer<typeof config.dashboardInfo>;
export type LoginSession = z.infer<typeof config.loginSession>;
export type JudgeServer = z.infer<typeof config.judgeServer>;
export type JudgeServiceInfo = z.infer<typeof config.judgeServiceInfo>;
export type ServiceInfo = z.infer<typeof config.serviceInfo>;
export type EmailConfig = z.infer<typeof config.emailConfig>;
export type MailSource = EmailConfig['source'];
export type TestEmailResult = z.infer<typeof config.testEmailResult>;
export type DbConfig = z.infer<typeof config.dbConfig>;
export type CarouselImage = z.infer<typeof config.carouselImage>;
