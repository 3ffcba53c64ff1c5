/** The tracking page's own entry (tracking.html): public, plain React, no react-admin, no MUI. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrackingPage } from './TrackingPage';
import '../calculator/public.css';

createRoot(document.getElementById('root')!).render(<StrictMode><TrackingPage /></StrictMode>);
