/**
 * A mail template's dialog: subject and body, the placeholders its kind offers (with what each one
 * holds), a live preview with sample data rendered by the server, and «Restaurar el texto original».
 * The form checks placeholders with the schema's own rule, as the server does on saving.
 */
import { useEffect, useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Paper, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Confirm, EditBase, SaveButton, SimpleForm, TextInput, Toolbar, useEditContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { mailTemplate } from '../../../../schemas/mailTemplate';
import { mailTemplateContracts } from '../../../shared/contracts/mailTemplates';
import { mailKind, type MailKind } from '../../../shared/mailTemplates';
import { type ComposedMailAnswer } from '../../../shared/mailTemplateAnswers';
import { call, fieldErrorsOf } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { schemaValidator } from '../generated/validate';
import { STORED_RECORD_OPTIONS, StoredRecord } from '../generated/StoredRecord';

/** What the server made of the text: the mail, or why it cannot show it (e.g. an unknown placeholder). */
type PreviewAnswer = { mail: ComposedMailAnswer; problem?: undefined } | { mail?: undefined; problem: string };
type PreviewAsk = { kind: string; subject: string | undefined; body: string | undefined };

const PREVIEW_DELAY_MS = 300;

/** A refused preview is an answer too: the problem is shown in place of the mail. */
const previewOf = (ask: PreviewAsk): Promise<PreviewAnswer> =>
  call(mailTemplateContracts.preview, { body: ask }, { silent: true, reads: true }).then(
    (mail) => ({ mail }),
    (error: Error) => ({ problem: Object.values(fieldErrorsOf(error) ?? {})[0] ?? error.message }),
  );

const validate = schemaValidator(mailTemplate, 'update');
/** Long links and placeholders wrap instead of widening the dialog (phones). */
const wrapAnywhere = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

export function MailTemplateDialog({ id, onClose }: { id: number; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth={false} aria-labelledby="mail-template-title"
      PaperProps={{ sx: { width: { xs: '95vw', md: 1000 }, maxWidth: '95vw' } }}>
      <EditBase resource="mailTemplate" id={id} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: onClose }}
        {...STORED_RECORD_OPTIONS}>
        <TemplateEditor onClose={onClose} />
      </EditBase>
    </Dialog>
  );
}

function TemplateEditor({ onClose }: { onClose: () => void }) {
  const { record } = useEditContext<{ id: number; kind: string; updated_at?: string }>();
  const [confirming, setConfirming] = useState(false);
  const kind = mailKind(record?.kind);

  const restore = async () => {
    setConfirming(false);
    await call(mailTemplateContracts.restore, { params: { id: record!.id } }, { changes: 'mailTemplate' }).catch(() => undefined);
  };

  return (
    <>
      <DialogTitle id="mail-template-title" sx={{ pr: 6 }}>
        Editar plantilla{kind ? `: ${kind.name}` : ''}
        <IconButton aria-label="Cerrar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {/* No form until the stored template is there (resources/generated/StoredRecord.tsx). */}
        <StoredRecord loading="Cargando la plantilla" onClose={onClose}>
          {record && kind && (
          // A restored text arrives as a new record version: the form starts again from it.
            <SimpleForm
              key={String(record.updated_at)}
              noValidate
              validate={validate}
              sx={{ '& .MuiFormControl-root': { mt: 0 } }}
              toolbar={
                <Toolbar sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
                  <SaveButton label="Guardar" />
                  <Button label="Restaurar el texto original" onClick={() => setConfirming(true)} startIcon={<RestoreIcon />} />
                </Toolbar>
              }
            >
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {kind.sentWhen}.
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
                  gap: 2,
                  width: '100%',
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <TextInput source="subject" label="Asunto" fullWidth />
                  <TextInput source="body" label="Texto" multiline minRows={10} fullWidth />
                  <Preview kind={kind.kind} />
                </Box>
                <Placeholders kind={kind} />
              </Box>
            </SimpleForm>
          )}
        </StoredRecord>
      </DialogContent>
      <Confirm
        isOpen={confirming}
        title="Restaurar el texto original"
        content="¿Seguro que quiere volver al asunto y al texto originales de este correo? Se perderán sus cambios."
        confirm="Restaurar"
        cancel="Cancelar"
        onClose={() => setConfirming(false)}
        onConfirm={restore}
      />
    </>
  );
}

function Placeholders({ kind }: { kind: MailKind }) {
  return (
    <Box component="section" aria-labelledby="placeholders-title" sx={{ minWidth: 0 }}>
      <Typography id="placeholders-title" variant="subtitle1" component="h2">
        Marcadores disponibles
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Escríbalos tal cual en el asunto o el texto: se sustituyen al enviar el correo.
      </Typography>
      <Box component="dl" sx={{ 'm': 0, '& dt': { fontFamily: 'monospace', fontWeight: 600, mt: 1 }, '& dd': { ml: 0, ...wrapAnywhere } }}>
        {kind.placeholders.map((p) => (
          <Box key={p.name} data-testid={`placeholder-${p.name}`}>
            <dt>{`{{${p.name}}}`}</dt>
            <dd>
              <Typography variant="body2">
                {p.description}
                {p.required ? ' (obligatorio en el texto)' : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                Ejemplo: {p.sample}
              </Typography>
            </dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The mail as it would leave with sample data, rendered by the server as the text is typed. */
function Preview({ kind }: { kind: string }) {
  const [subject, body] = useWatch({ name: ['subject', 'body'] }) as [string | undefined, string | undefined];
  // Asked once the typing pauses; until the next answer arrives, the last one stays on screen.
  const [asked, setAsked] = useState<PreviewAsk | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setAsked({ kind, subject, body }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kind, subject, body]);
  const { data } = useApiQuery(['mailTemplate', 'preview', asked], () => previewOf(asked!), !!asked, { keepPrevious: true });
  const { mail, problem } = data ?? {};

  return (
    <Paper variant="outlined" component="section" aria-labelledby="preview-title" sx={{ p: 2, mb: 2 }} data-testid="mail-preview">
      <Typography id="preview-title" variant="subtitle1" component="h2">
        Vista previa con datos de ejemplo
      </Typography>
      {problem && (
        <Typography color="error" variant="body2" role="status">
          No se puede mostrar la vista previa: {problem}
        </Typography>
      )}
      {mail && !problem && (
        <>
          <Typography variant="body2" sx={{ mt: 1, ...wrapAnywhere }}>
            <strong>Asunto:</strong> {mail.subject}
          </Typography>
          <Typography
            variant="body2"
            component="div"
            sx={{ mt: 1, whiteSpace: 'pre-wrap', ...wrapAnywhere }}
            data-testid="mail-preview-body"
          >
            {mail.text}
          </Typography>
        </>
      )}
    </Paper>
  );
}
