import { Type, type Static } from 'typebox';

// Display tokens (issue 18, the wall display): a control-room TV signs in with a token an admin
// made for it, never with a person's password. The token is shown once, when it is made; the server
// keeps only its hash. Revoking it ends the display's session and its live connection.
export const DisplayToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Type.Integer(),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  // When the display last signed in or received data (its account's last access).
  lastUsedAt: Type.Union([Type.Integer(), Type.Null()]),
  revokedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type DisplayToken = Static<typeof DisplayToken>;

export const DisplayTokenCreate = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }) },
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
