import type { EmailConfigForm, TestEmailForm } from '../schemas/site-admin-config';
import type {
  CarouselImage,
  DashboardInfo,
  DbConfig,
  EmailConfig,
  JudgeServiceInfo,
  LoginSession,
  ServiceInfo,
  TestEmailResult,
} from './admin-config-types';
import type { ApiClient } from './client';

/** The admin console's dashboard, judges and site settings, at HOJ's paths. */
export function createAdminConfigEndpoints(client: ApiClient) {
  return {
    adminGetDashboardInfo: () =>
      client.request<DashboardInfo>('GET', '/api/admin/dashboard/get-dashboard-info', { urlType: 'admin' }),
    /** the caller's login before this one (the current one when there is no other); null: none recorded */
    adminGetPreviousSession: () =>
      client.request<LoginSession | null>('POST', '/api/admin/dashboard/get-sessions', { urlType: 'admin' }),
    adminGetJudgeServiceInfo: () =>
      client.request<JudgeServiceInfo>('GET', '/api/admin/config/get-judge-service-info', {
        urlType: 'admin',
      }),
    adminGetServiceInfo: () =>
      client.request<ServiceInfo>('GET', '/api/admin/config/get-service-info', { urlType: 'admin' }),
    adminGetEmailConfig: () =>
      client.request<EmailConfig>('GET', '/api/admin/config/get-email-config', { urlType: 'admin' }),
    /** with the server's message (the console shows it) */
    adminSetEmailConfig: (body: EmailConfigForm) =>
      client.requestRaw<EmailConfig>('PUT', '/api/admin/config/set-email-config', { body, urlType: 'admin' }),
    /** a failure carries the mail server's own words */
    adminTestEmail: (body: TestEmailForm) =>
      client.requestRaw<TestEmailResult>('POST', '/api/admin/config/test-email', { body, urlType: 'admin' }),
    adminGetDbConfig: () =>
      client.request<DbConfig>('GET', '/api/admin/config/get-db-and-redis-config', { urlType: 'admin' }),
    /** the image as multipart field `file` (HOJ's name) */
    adminUploadCarouselImage: (form: FormData) =>
      client.requestRaw<CarouselImage>('POST', '/api/file/upload-carouse-img', { body: form }),
    adminDeleteCarouselImage: (id: number) =>
      client.requestRaw<null>('DELETE', '/api/admin/config/home-carousel', {
        query: { id },
        urlType: 'admin',
      }),
    getHomeCarousel: () => client.request<CarouselImage[]>('GET', '/api/home-carousel'),
  };
}
