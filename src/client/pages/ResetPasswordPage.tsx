/** /resetPassword/{forgotten_password_code}: choose a new password with the mailed one-time code. */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { Form, PasswordInput } from 'react-admin';
import { z } from 'zod';
import { user } from '../../../schemas/user';
import { Msg } from '../../shared/messages';
import { recordValidator } from '../../shared/recordRules';
import { zodValidate } from '../components/zodForm';
import { Logo } from '../components/Logo';
import { authContracts } from '../../shared/contracts/auth';
import { call } from '../providers/http';
import { useApiQuery } from '../providers/query';

const passwordPair = recordValidator(
  { ...user, fields: user.fields.filter((f) => f.name === 'password' || f.name === 'password_confirm') },
  'create',
);

export default function ResetPasswordPage() {
  const { forgotten_password_code: code = '' } = useParams();
  const queryClient = useQueryClient();
  const checkKey = ['resetCode', code];
  // Is the mailed code still good? A failed check counts as a bad code.
  const check = useApiQuery(checkKey, () => call(authContracts.checkResetCode, { params: { code } }, { silent: true }));
  // The code the password was changed with.
  const [changedWith, setChangedWith] = useState<string | null>(null);
  const state = changedWith === code ? 'done' : check.isPending ? 'checking' : check.data?.valid ? 'form' : 'invalid';

  const submit = async (values: Record<string, unknown>) => {
    try {
      await call(authContracts.changePassword, { body: { forgotten_password_code: code, ...values } }, { changes: 'resetCode' });
      setChangedWith(code);
      // The code is spent.
      queryClient.setQueryData(checkKey, { valid: false });
    } catch (error) {
      // Expired meanwhile (30001): the check's answer is now "no".
      if ((error as { envelope?: { code?: number } }).envelope?.code === 30001) queryClient.setQueryData(checkKey, { valid: false });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'primary.dark', p: 2 }}>
      <Card sx={{ width: 420, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}><Logo /></Box>
          <Typography variant="h6" component="h1" align="center" gutterBottom>Restablecer la contraseña</Typography>
          {state === 'invalid' && <Alert severity="warning">{Msg.resetInvalid}</Alert>}
          {state === 'done' && <Alert severity="success">{Msg.passwordChanged}</Alert>}
          {state === 'form' && (
            <Form noValidate onSubmit={submit} validate={zodValidate(passwordPair as z.ZodType)}>
              <PasswordInput source="password" label="Nueva contraseña" autoComplete="new-password" fullWidth autoFocus />
              <PasswordInput source="password_confirm" label="Repetir contraseña" autoComplete="new-password" fullWidth />
              <Button type="submit" variant="contained" fullWidth>Cambiar contraseña</Button>
            </Form>
          )}
          {state !== 'form' && state !== 'checking' && (
            <Box sx={{ textAlign: 'center', mt: 2 }}><Link component={RouterLink} to="/login">Ir a iniciar sesión</Link></Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
