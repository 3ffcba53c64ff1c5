import History from '@mui/icons-material/History';

export const icon = History;
// The list comes with the app (routing.ts).
export { default as AuditPage } from './AuditPage';
