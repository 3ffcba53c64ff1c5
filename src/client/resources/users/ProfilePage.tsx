/**
 * /usuarios/perfil/{id_usuario}: a user's own profile (names, e-mail, phone, password, avatar; a member's
 * mail notices). Admins may open anyone's. After an avatar change the session info is reloaded 100 ms later (docs/api.md).
 */
import { useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, Loading, PasswordInput, SaveButton, TextInput } from 'react-admin';
import { user, NOTICE_FIELDS, PROFILE_FIELDS } from '../../../../schemas/user';
import { CLIENT_GROUP } from '../../../shared/roles';
import type { ResourceSchema } from '../../../shared/resource';
import { Code } from '../../../shared/codes';
import { Msg } from '../../../shared/messages';
import { usersContracts } from '../../../shared/contracts/users';
import type { DataOf } from '../../../shared/contracts/contract';
import { call } from '../../providers/http';
import { DURATION, notify } from '../../providers/events';
import { useApiQuery } from '../../providers/query';
import { useSession } from '../../providers/useSession';
import { toRequestBody } from '../../providers/dataProvider';
import { schemaValidator } from '../generated/validate';
import { withInputMode } from '../../components/DecimalInput';

const profileSchema: ResourceSchema = {
  ...user,
  fields: [...user.fields.filter((f) => (PROFILE_FIELDS as readonly string[]).includes(f.name)), ...NOTICE_FIELDS],
};
const validateFields = schemaValidator(profileSchema, 'update');

/** The profile's rules, and one's own password or e-mail changed only with the current password (as the server asks). */
const validateOwn = (stored: Record<string, unknown>) => async (values: Record<string, unknown>) => {
  const errors = { ...(await validateFields(values)) } as Record<string, string>;
  const changesPassword = typeof values.password === 'string' && values.password !== '';
  const changesEmail = String(values.email ?? '').trim().toLowerCase() !== String(stored.email ?? '').toLowerCase();
  if ((changesPassword || changesEmail) && !values.current_password) errors.current_password = Msg.currentPassword;
  return errors;
};

type Profile = DataOf<typeof usersContracts.profile>;

/** The profile's react-query key: a save shows its answer there. */
const profileKey = (id: number) => ['user', id, 'profile'] as const;

export default function ProfilePage() {
  const id = Number(useParams().id_usuario);
  const session = useSession();
  const queryClient = useQueryClient();
  const { data: profile, error } = useApiQuery(profileKey(id), () => call(usersContracts.profile, { params: { id } }, { silent: true }));
  // Refused or missing (40001): the 404 page. A dead session shows its own confirm box instead.
  const failed = (error as { envelope?: { code?: number } } | null)?.envelope?.code === Code.error;
  const setProfile = (saved: Profile) => queryClient.setQueryData(profileKey(id), saved);
  const fileInput = useRef<HTMLInputElement>(null);

  if (failed) return <Navigate to="/404" replace />;
  if (!profile || !session) return <Loading />;

  // One's own password or e-mail changes only with the current password; an admin editing another's profile is not asked for it.
  const own = id === session.id;

  const save = async (values: Record<string, unknown>) => {
    try {
      const request = toRequestBody({ ...values, id });
      const saved = 'form' in request
        ? await call(usersContracts.updateProfile, { body: {} }, { form: request.form, changes: 'user' })
        : await call(usersContracts.updateProfile, { body: request.body as Record<string, unknown> }, { changes: 'user' });
      // One's own name shows in the top bar: the session reads again through the cache (`changes: 'user'`).
      setProfile(saved);
    } catch (error) {
      return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
    }
  };

  const uploadAvatar = async (file: File) => {
    const kinds = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
    if (!kinds.includes(file.type)) return notify('warning', Msg.imageType, DURATION.long);
    const form = new FormData();
    form.append('data', JSON.stringify({ id }));
    form.append('image', file, file.name);
    const saved = await call(usersContracts.updateImage, { body: {} }, { form, changes: 'user' }).catch(() => null);
    if (saved) setProfile(saved);
  };

  const removeAvatar = async () => {
    const saved = await call(usersContracts.deleteImage, { params: { id } }, { changes: 'user' }).catch(() => null);
    if (saved) setProfile(saved);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        Perfil de {profile.username}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar src={profile.image ?? undefined} sx={{ width: 72, height: 72 }} data-testid="profile-avatar">
            {String(profile.first_name ?? '')[0]}
          </Avatar>
          <Box>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              aria-label="Imagen de perfil"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) uploadAvatar(file);
              }}
            />
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              Cambiar imagen
            </Button>
            {profile.image && (
              <Button color="error" onClick={removeAvatar} sx={{ ml: 1 }}>
                Quitar imagen
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Form
            noValidate
            record={profile}
            onSubmit={save}
            validate={own ? validateOwn(profile) : validateFields}
            key={String(profile.updated_at)}
          >
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              <TextInput source="first_name" label="Nombre" />
              <TextInput source="last_name" label="Apellidos" />
              {/* Not type="email": the browser would trim what is typed and bubble in English; the rule answers in Spanish. */}
              <TextInput source="email" label="Email" slotProps={withInputMode('email')} />
              <TextInput source="phone" label="Teléfono" slotProps={withInputMode('tel')} />
              <PasswordInput
                source="password"
                label="Nueva contraseña"
                autoComplete="new-password"
                helperText="Déjela en blanco para no cambiarla"
              />
              <PasswordInput source="password_confirm" label="Repetir contraseña" autoComplete="new-password" />
              {own && (
                <PasswordInput
                  source="current_password"
                  label="Contraseña actual"
                  autoComplete="current-password"
                  helperText="Necesaria para cambiar la contraseña o el email"
                />
              )}
            </Box>
            {profile.roles === CLIENT_GROUP && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
                <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
                  Avisos por correo
                </Typography>
                {NOTICE_FIELDS.map((field) => (
                  <BooleanInput key={field.name} source={field.name} label={field.label} helperText={false} />
                ))}
              </Box>
            )}
            <SaveButton label="Guardar" alwaysEnable />
          </Form>
        </CardContent>
      </Card>
    </Stack>
  );
}
