import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { spanishValidationOnly } from './components/spanishValidationOnly';

// Dialogs render in portals under <body>, outside #root: the whole body is watched.
spanishValidationOnly(document.body);
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
