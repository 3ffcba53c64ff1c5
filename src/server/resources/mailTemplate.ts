/** A template stays the template of its kind: the form sends the kind only so its placeholders are checked. */
import { MailTemplateMsg } from '../../shared/messages';
import type { ResourceHooks } from '../domain/records';
import { invalid } from '../errors';

export const mailTemplateHooks: ResourceHooks = {
  beforeWrite({ data, existing }) {
    if (existing && data.kind !== existing.kind) throw invalid({ kind: MailTemplateMsg.kindFixed });
    return data;
  },
};
