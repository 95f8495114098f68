// The user-facing texts of the specification, verbatim, in one place. Web and server both use them.
export const messages = {
  // Export dialog (spec 3 §5, spec 2 §5)
  exportChooseOption: 'Choose an option first',
  exportZeroPage: 'Zero page number not allowed',
  exportInvalidRange: 'Invalid from/to page numbers',

  // Change password (spec 3 §5)
  passwordAllFieldsRequired: 'All fields are required',
  passwordMismatch: "Password and confirm password don't match up",
  passwordStrictRule:
    'Password must be at least 8 characters long and contain a lower case letter, an upper case letter, a digit and one of !@#$%^&*',
  passwordUpdated: 'passwordUpdated',
  passwordOldWrong: 'Old password is not correct',

  // Users (spec 3 §8)
  userAdded: 'User added successfully',
  userDeleted: 'User deleted successfully',
  userUpdated: 'User updated successfully',
  userNotAdded: 'User could not be added!',
  userNotUpdated: 'User could not be updated!',
  userNameTaken: 'A user with this username already exists',
  userCannotDeleteSelf: 'You can not delete your own user',

  // Roles (spec 3 §8)
  roleAdded: 'Role added successfully',
  roleUpdated: 'Role updated successfully',
  roleDeleted: 'Role deleted successfully',
  roleNotAdded: 'Role could not be added!',
  roleNotUpdated: 'Role could not be updated!',
  permissionsUpdated: 'Permissions updated successfully',
  permissionsNotUpdated: 'Permissions could not be updated!',
  roleNotAdminCreated: 'Only roles created by an admin can be deleted',
  roleInUse: 'This role is assigned to users and can not be deleted',
  roleNameTaken: 'A role with this name already exists',

  // Session and errors (spec 1 §8, spec 3 §8)
  loginFailed: 'Invalid username or password',
  loginRateLimited: 'Too many login attempts, please wait a minute and try again',
  sessionExpired: 'Your session has expired, please log in again',
  notAuthenticated: 'Please log in to continue',
  forbidden: 'You do not have permission to do this',
  crossSiteRequest: 'Cross-site request refused',
  notFound: 'Not found',
  rateLimited: 'Too many requests, please slow down',
  unknownError: 'An unknown error occurred please try again.',
  internalError: 'Internal server error',
  lockedFeature: 'This feature is only available in Enterprise version',
  serverUnreachableTitle: 'Openyard is unreachable',
  serverUnreachable:
    'The server is not reachable. It must be running and reachable from this device; please try again in a moment.',

  // Gates and readers (spec 1 §5)
  gateNameEmpty: "Gate name can't be empty",
  gateLatitudeEmpty: "Gate latitude type can't be empty",
  gateLongitudeEmpty: "Gate longitude can't be empty",
  readerNameEmpty: "Reader's name can't be empty",
  readerTypeEmpty: "Reader's type can't be empty",
  readerIpEmpty: "Reader's IP can't be empty",
  readerIpInvalid: "Reader's IP is not a valid address",
  gateNameTaken: 'A gate with this name already exists',
  readerNameTaken: 'A reader with this name already exists',
  confirmDeleteGateReaders: 'Do you also want to delete the readers of this gate?',
  confirmDisassociateReader: 'Are you sure you want to disassociate this reader from its gate?',
  unknownGate: 'The chosen gate does not exist',
  machineNameTaken: 'A machine with this name already exists',
  itvNumberTaken: 'An ITV with this number already exists',
  itvTrailerTaken: 'An ITV with this trailer number already exists',

  // Page jump (spec 1 §5)
  pageOutOfRange: (pageCount: number) => `Enter a page number between 1 and ${pageCount}`,

  // Confirmations (spec 1 §8)
  confirmDelete: 'Are you sure you want to delete this?',
  selectOneRow: 'Select exactly one row',
} as const;
