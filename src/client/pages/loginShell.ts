/**
 * login.html paints the sign-in card as static markup before the scripts arrive (login-shell.html,
 * vite.config.ts appPreloads). What the user typed there, and the field they were in, carry over into
 * LoginPage, which replaces it: read while React renders, before it clears #root.
 */
export interface ShellInput {
  username: string;
  password: string;
  /** The field the user was in: LoginPage focuses the same one. */
  focused?: 'username' | 'password';
}

export function readLoginShell(): ShellInput {
  const shell = document.getElementById('login-shell');
  const value = (name: string) => shell?.querySelector<HTMLInputElement>(`input[name=${name}]`)?.value ?? '';
  const active = document.activeElement;
  const focused = shell && active instanceof HTMLInputElement && shell.contains(active) ? active.name : undefined;
  return {
    username: value('username'),
    password: value('password'),
    focused: focused === 'username' || focused === 'password' ? focused : undefined,
  };
}
