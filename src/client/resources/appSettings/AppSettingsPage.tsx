/** The single app-settings record (id 1): maintenance mode, platform scope, web fare. */
import { Card, CardContent, Typography } from '@mui/material';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { appSetting } from '../../../../schemas/appSetting';
import { StoredEditBase } from '../generated/StoredRecord';
import { loadSession } from '../../providers/session';
import { FieldInput } from '../generated/FieldInput';
import { formFields } from '../generated/RecordDialog';
import { schemaValidator } from '../generated/validate';

export default function AppSettingsPage() {
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {appSetting.label.one}
        </Typography>
        <StoredEditBase
          resource="appSetting"
          loading="Cargando la configuración"
          id={1}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{ onSuccess: () => loadSession(true).catch(() => undefined) }}
        >
          <SimpleForm
            noValidate
            validate={schemaValidator(appSetting, 'update')}
            toolbar={
              <Toolbar>
                <SaveButton label="Guardar" />
              </Toolbar>
            }
          >
            {formFields(appSetting, 'update').map((field) => (
              <FieldInput key={field.name} field={field} mode="update" />
            ))}
          </SimpleForm>
        </StoredEditBase>
      </CardContent>
    </Card>
  );
}
