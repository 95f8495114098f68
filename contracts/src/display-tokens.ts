import { Type, type Static } from 'typebox';
import { DEVICE_TOKEN_ROLES } from './rules/permissions';

// Display tokens (issue 18, the wall display; issue 21, the public kiosks): a control-room TV or a
// kiosk signs in with a token an admin made for it, never with a person's password. `role` says
// which it is (DEVICE_TOKEN_ROLES). The token is shown once, when it is made; the server keeps only
// its hash. Revoking it ends the device's session and its live connection.
export const DisplayToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Type.Enum(DEVICE_TOKEN_ROLES),
  createdAt: Type.Integer(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  // When the display last signed in or received data (its account's last access).
  lastUsedAt: Type.Union([Type.Integer(), Type.Null()]),
  revokedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type DisplayToken = Static<typeof DisplayToken>;

export const DisplayTokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
    // A wall display unless told otherwise.
    role: Type.Optional(Type.Enum(DEVICE_TOKEN_ROLES)),
  },
  { additionalProperties: false },
);
export type DisplayTokenCreate = Static<typeof DisplayTokenCreate>;

// The one answer that carries the token itself.
export const DisplayTokenCreated = Type.Object({ displayToken: DisplayToken, token: Type.String() });
export type DisplayTokenCreated = Static<typeof DisplayTokenCreated>;

export const DisplaySessionBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type DisplaySessionBody = Static<typeof DisplaySessionBody>;
