/** The public calculator's own entry (calculator.html): plain React, no react-admin, no MUI. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportHeight } from './frameHeight';
import { PublicCalculator } from './PublicCalculator';
import './public.css';

/** /woocommerce-calculator/index/{season_id}. */
const seasonId = Number(/^\/woocommerce-calculator\/index\/(\d+)\/?$/.exec(window.location.pathname)?.[1] ?? NaN);

const root = document.getElementById('root')!;
createRoot(root).render(<StrictMode><PublicCalculator seasonId={seasonId} /></StrictMode>);
reportHeight(root);
