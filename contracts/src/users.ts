import { Type, type Static } from 'typebox';
import { ExportQuery, OneBasedPageQuery, SortOrderSchema } from './common';
import { messages } from './messages';

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  role: Type.Object({ id: Type.Integer(), name: Type.String() }),
  hidden: Type.Boolean(),
  enabled: Type.Boolean(),
  enteredBy: Type.Union([Type.Object({ username: Type.String() }), Type.Null()]),
  lastAccess: Type.Union([Type.Integer(), Type.Null()]),
});
export type User = Static<typeof User>;

// errorMessage: the words a refused value gets instead of the pattern (rules/validation-problem).
const Username = Type.String({
  minLength: 3,
  maxLength: 50,
  pattern: '^[A-Za-z0-9._@-]+$',
  errorMessage: messages.usernameInvalid,
});
const Optional = <T extends Parameters<typeof Type.Optional>[0]>(schema: T) => Type.Optional(schema);
const Email = Type.Union([
  Type.String({ maxLength: 200, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', errorMessage: messages.emailInvalid }),
  Type.Null(),
]);
const ShortText = Type.Union([Type.String({ maxLength: 200 }), Type.Null()]);

export const UserCreate = Type.Object(
  {
    username: Username,
    password: Type.String({ minLength: 1, maxLength: 200 }),
    confirmPassword: Type.String({ minLength: 1, maxLength: 200 }),
    email: Optional(Email),
    phone: Optional(ShortText),
    address: Optional(ShortText),
    role: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    hidden: Optional(Type.Boolean()),
    enabled: Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserCreate = Static<typeof UserCreate>;

// A password in an update is optional: empty keeps the current one.
export const UserUpdate = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    username: Username,
    password: Optional(Type.String({ maxLength: 200 })),
    confirmPassword: Optional(Type.String({ maxLength: 200 })),
    email: Optional(Email),
    phone: Optional(ShortText),
    address: Optional(ShortText),
    role: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    hidden: Optional(Type.Boolean()),
    enabled: Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UserUpdate = Static<typeof UserUpdate>;

// The columns the users list sorts by across its pages (User's field names; sortBy/sortOrder as the
// spec's task list names them, spec 3 §7). Without sortBy the list keeps its order by id; a sorted
// list breaks ties by id.
export const USER_SORT_FIELDS = ['username', 'role', 'email', 'phone', 'enabled', 'enteredBy', 'lastAccess'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
const UserSort = {
  sortBy: Type.Optional(Type.Enum(USER_SORT_FIELDS)),
  sortOrder: Type.Optional(SortOrderSchema),
};
export const UsersQuery = Type.Object({ ...OneBasedPageQuery.properties, ...UserSort });
export type UsersQuery = Static<typeof UsersQuery>;
export const UsersExportQuery = Type.Object({ ...ExportQuery.properties, ...UserSort });
export type UsersExportQuery = Static<typeof UsersExportQuery>;

export const UsersPage = Type.Object({ users: Type.Array(User), totalCount: Type.Integer() });
export type UsersPage = Static<typeof UsersPage>;

export const UserSaved = Type.Object({ responsestatus: Type.String(), message: Type.String(), user: User });
export type UserSaved = Static<typeof UserSaved>;

export const ChangePasswordBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    oldPassword: Type.String({ maxLength: 200 }),
    newPassword: Type.String({ maxLength: 200 }),
    confirmPassword: Type.String({ maxLength: 200 }),
    user: Optional(Type.Object({ username: Type.String() })),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
