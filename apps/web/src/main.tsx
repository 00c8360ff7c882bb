import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ShellProviders } from '@/app/shell-providers';
import { forgetAppUserData } from '@/app/user-data';
import { AppRoutes } from '@/app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <ShellProviders onForgetUserData={forgetAppUserData}>
        <AppRoutes />
      </ShellProviders>
    </BrowserRouter>
  </StrictMode>,
);
