import { authProvider } from '../providers/authProvider';

/** Logs out and goes to /login with a fresh page, so no state of the previous user survives. */
export async function logoutAndLeave() {
  await authProvider.logout({});
  window.location.assign('/login');
}
