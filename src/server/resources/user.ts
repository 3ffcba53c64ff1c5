import { eq } from 'drizzle-orm';
import { users } from '../db/tables';
import { forbidden } from '../errors';
import { endPasswordResets, revokeUserSessions } from '../domain/auth';
import { hashPassword } from '../domain/passwords';
import type { ResourceHooks } from '../domain/records';

export const userHooks: ResourceHooks = {
  // Everyone sees their own picture in the top bar (session-info), though only admins read users.
  ownFiles: (user, table) => eq((table as typeof users).id, user.id),
  async beforeWrite({ ctx, data, mode, existing }) {
    const { password, password_confirm: _confirm, ...values } = data;
    if (typeof password === 'string') values.password_hash = await hashPassword(password);
    if (
      mode === 'update'
      && existing?.id === ctx.user.id
      && (values.active === false || (values.roles !== undefined && values.roles !== existing.roles))
    ) {
      throw forbidden('No puede desactivar su propio usuario ni cambiar su rol');
    }
    return values;
  },
  async afterWrite({ ctx, tx, mode, before, after }) {
    if (mode !== 'update' || !before || !after) return;
    // A new password or a disabled account ends the user's other sessions (they answer 50012).
    if (after.password_hash !== before.password_hash) {
      await revokeUserSessions(tx, after.id as number, 'password', after.id === ctx.user.id ? ctx.user.sessionId : undefined);
      await endPasswordResets(tx, after.id as number);
    }
    if (before.active && !after.active) await revokeUserSessions(tx, after.id as number, 'disabled');
  },
  beforeDelete({ ctx, existing }) {
    if (existing.id === ctx.user.id) throw forbidden('No puede borrar su propio usuario');
  },
};
