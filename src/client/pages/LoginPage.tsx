/**
 * /login. Light on purpose: no react-admin, so that the first page anyone opens loads fast on a phone
 * (main.tsx renders it alone; the admin's bundle is loaded only after signing in). react-admin shows
 * the same page when it sends a signed-out user here.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, IconButton, InputAdornment, Link, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Logo } from '../components/Logo';
import { removeAppShell } from '../layout/appShell';
import { StandaloneNotices } from '../layout/NoticeStack';
import { signIn } from '../providers/signIn';
import { DURATION, notify, rulesOrNotice } from '../providers/events';
import { loadSession } from '../providers/session';
import { isSignedIn } from '../providers/token';
import { ordersListPath } from '../home';
import { readLoginShell } from './loginShell';
import { loadOnce } from '../loadOnce';

const RecoveryDialog = lazy(() => import('./RecoveryDialog').then((m) => ({ default: m.RecoveryDialog })));

type Field = 'username' | 'password';
type LoginRules = typeof import('./loginRules');
/** The form's rules, fetched once: on the first keystroke, leaving a field or submitting. */
const loadLoginRules = loadOnce((): Promise<LoginRules> => import('./loginRules'));
const goHome = async (how: 'assign' | 'replace') => window.location[how](ordersListPath((await loadSession()).roles));

/**
 * Signed in, how the app opens on `path`: main.tsx renders it in this very page, its scripts fetched while
 * the server checked the password (issue 30). Without it (react-admin's login route) the page is reloaded.
 */
export type AppOpener = () => (path: string) => Promise<void>;

export default function LoginPage({ standalone = false, openApp }: { standalone?: boolean; openApp?: AppOpener }) {
  // What was typed in login.html's static card before React mounted (loginShell.ts) is kept.
  const [shell] = useState(readLoginShell);
  const [values, setValues] = useState<Record<Field, string>>({ username: shell.username, password: shell.password });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [recovering, setRecovering] = useState(false);
  // The recovery dialog's script comes when it is first asked for; it stays, for its closing animation.
  const [recoveryAsked, setRecoveryAsked] = useState(false);
  const [rules, setRules] = useState<LoginRules>();
  const wantRules = () => { if (!rules) loadLoginRules().then(setRules, () => undefined); };

  // A session refused on the frame's page had index.html's picture of the frame (layout/appShell.ts).
  useLayoutEffect(removeAppShell, []);
  // A signed-in user who opens /login goes to its orders list.
  useEffect(() => { if (isSignedIn()) goHome('replace').catch(() => undefined); }, []);

  const checked = rules?.loginForm.safeParse(values);
  const errors: Partial<Record<Field, string>> = rules && checked && !checked.success ? rules.fieldErrors(checked.error) : {};
  const errorOf = (field: Field) => ((touched[field] || submitted) && errors[field]) || undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const loaded = await rulesOrNotice(loadLoginRules());
    if (!loaded) return;
    setRules(loaded);
    if (!loaded.loginForm.safeParse(values).success) return;
    setLoading(true);
    const open = openApp?.();
    try {
      await signIn(values.username, values.password);
      if (open) await open(ordersListPath((await loadSession()).roles));
      else await goHome('assign');
    } catch (error) {
      // API refusals were already notified by the HTTP layer; others (no roles, verification) are shown here.
      if (!(error as { envelope?: unknown }).envelope && (error as Error).message) notify('error', (error as Error).message, DURATION.long);
      setLoading(false);
    }
  };

  const input = (field: Field) => ({
    name: field, value: values[field], fullWidth: true, margin: 'dense' as const, variant: 'filled' as const,
    error: !!errorOf(field), helperText: errorOf(field) ?? ' ',
    onChange: (e: { target: { value: string } }) => {
      wantRules();
      setValues((v) => ({ ...v, [field]: e.target.value }));
    },
    onBlur: () => {
      wantRules();
      setTouched((t) => ({ ...t, [field]: true }));
    },
  });

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'primary.dark', p: 2 }}
    >
      <Card sx={{ width: 380, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <Logo />
          </Box>
          <Typography variant="h6" component="h1" align="center" gutterBottom>
            Iniciar sesión
          </Typography>
          <form noValidate onSubmit={submit}>
            <TextField {...input('username')} label="Usuario o email" autoComplete="username" autoFocus={shell.focused !== 'password'} />
            <TextField
              {...input('password')}
              label="Contraseña"
              autoComplete="current-password"
              autoFocus={shell.focused === 'password'}
              type={showPassword ? 'text' : 'password'}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                        onClick={() => setShowPassword(!showPassword)}
                        edge="end"
                        size="large"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 1 }}>
              {loading ? <CircularProgress size={22} color="inherit" aria-label="Cargando" /> : 'Entrar'}
            </Button>
          </form>
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Link component="button" type="button" onClick={() => { setRecoveryAsked(true); setRecovering(true); }}>
              ¿Ha olvidado su contraseña?
            </Link>
          </Box>
        </CardContent>
      </Card>
      {recoveryAsked && (
        <Suspense fallback={null}>
          <RecoveryDialog open={recovering} onClose={() => setRecovering(false)} />
        </Suspense>
      )}
      {standalone && <StandaloneNotices />}
    </Box>
  );
}
