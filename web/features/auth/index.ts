/**
 * What other features use of the auth feature; the rest is its own (docs/architecture.md,
 * Layers).
 */
export { useLogout, useWebsiteConfig, websiteConfigOptions } from './api';
export { LazyLoginDialog } from './login-dialog-lazy';
export { LoginForm } from './login-form';
export { RegisterForm } from './register-form';
export { ResetForm } from './reset-form';
