/**
 * Who is calling: the user a session token resolves to (domain/auth.ts). A module of its own because almost every
 * domain module takes it, and those that auth.ts itself imports (mailTemplates.ts) must not import auth.ts back.
 */
import type { Role } from '../../shared/roles';

export interface SessionUser {
  id: number;
  sessionId: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: Role[];
  client_id: number | null;
}
