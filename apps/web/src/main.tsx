import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { appConfig } from './lib/app-config.ts';
import { installErrorLog, logError } from './lib/error-log.ts';
import { initI18n } from './lib/i18n.ts';
import './app/settings/settings-store.ts';
import { AppRouter } from './app/router.tsx';
import { wireSession } from './app/wire-session.ts';

installErrorLog(appConfig.enableErrorLog);
wireSession();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;

// The catalogue of a non-default language is a small chunk of its own, fetched before the first paint.
void initI18n().then(() => {
  createRoot(root, {
    onUncaughtError: (error, info) => logError(error, info.componentStack ?? 'uncaught'),
  }).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );
});
