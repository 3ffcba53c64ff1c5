import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, CircularProgress, Link, Typography } from '@mui/material';
import { Form, PasswordInput, TextInput, useLogin } from 'react-admin';
import { loginForm } from '../../../schemas/auth';
import { zodValidate } from '../components/zodForm';
import { Logo } from '../layout/Logo';
import { DURATION, notify } from '../providers/events';
import { loadSession } from '../providers/session';
import { getToken } from '../providers/token';
import { ordersListPath } from '../routing';
import { RecoveryDialog } from './RecoveryDialog';

export default function LoginPage() {
  const login = useLogin();
  const [loading, setLoading] = useState(false);
  const [recovering, setRecovering] = useState(false);
  const [home, setHome] = useState<string | null>(null);

  // A signed-in user who opens /login goes to its orders list.
  useEffect(() => {
    if (getToken()) loadSession().then((s) => setHome(ordersListPath(s.roles)), () => undefined);
  }, []);
  if (home) return <Navigate to={home} replace />;

  const submit = async (values: Record<string, unknown>) => {
    setLoading(true);
    try {
      await login({ username: values.username, password: values.password });
      const session = await loadSession();
      window.location.assign(ordersListPath(session.roles));
    } catch (error) {
      // API refusals were already notified by the HTTP layer; others (no roles, verification) are shown here.
      if (!(error as { envelope?: unknown }).envelope && (error as Error).message) notify('error', (error as Error).message, DURATION.long);
      setLoading(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'primary.dark', p: 2 }}>
      <Card sx={{ width: 380, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}><Logo /></Box>
          <Typography variant="h6" component="h1" align="center" gutterBottom>Iniciar sesión</Typography>
          <Form noValidate onSubmit={submit} validate={zodValidate(loginForm)}>
            <TextInput source="username" label="Usuario o email" autoComplete="username" fullWidth autoFocus />
            <PasswordInput source="password" label="Contraseña" autoComplete="current-password" fullWidth />
            <Button type="submit" variant="contained" fullWidth disabled={loading} sx={{ mt: 1 }}>
              {loading ? <CircularProgress size={22} color="inherit" /> : 'Entrar'}
            </Button>
          </Form>
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Link component="button" type="button" onClick={() => setRecovering(true)}>¿Ha olvidado su contraseña?</Link>
          </Box>
        </CardContent>
      </Card>
      <RecoveryDialog open={recovering} onClose={() => setRecovering(false)} />
    </Box>
  );
}
