// Applies the dark class before the first paint (same rule as web/lib/theme.ts). A file rather
// than an inline script: the Content-Security-Policy allows scripts from the site's files only.
try {
  const choice = JSON.parse(localStorage.getItem('webTheme') || '"system"');
  if (choice === 'dark' || (choice === 'system' && matchMedia('(prefers-color-scheme: dark)').matches))
    document.documentElement.classList.add('dark');
} catch {
  // no storage or a bad value: the light theme until the app starts
}
