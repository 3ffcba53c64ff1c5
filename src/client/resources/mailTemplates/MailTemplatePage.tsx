/** /configuracion/plantillas: the mails the product sends; a row opens its template to edit, preview or restore. */
import { mailTemplate } from '../../../../schemas/mailTemplate';
import { ResourcePage } from '../generated/ResourcePage';
import { MailTemplateDialog } from './MailTemplateDialog';

export default function MailTemplatePage() {
  return <ResourcePage schema={mailTemplate} renderDetail={(id, close) => <MailTemplateDialog id={id} onClose={close} />} />;
}
