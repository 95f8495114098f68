// The user-facing texts of the specification, verbatim, in one place. Web and server both use them.
export const messages = {
  // Export dialog (spec 3 §5, spec 2 §5)
  exportChooseOption: 'Choose an option first',
  exportZeroPage: 'Zero page number not allowed',
  exportInvalidRange: 'Invalid from/to page numbers',
  // Not in the spec (issue 13 point 24): a range past the last page is cut there, and says so.
  exportRangeClamped: (fromPage: number, lastPage: number) =>
    `There ${lastPage === 1 ? 'is 1 page' : `are ${lastPage} pages`}: pages ${fromPage} to ${lastPage} will be exported.`,

  // Change password (spec 3 §5)
  passwordAllFieldsRequired: 'All fields are required',
  passwordMismatch: "Password and confirm password don't match up",
  passwordStrictRule:
    'Password must be at least 8 characters long and contain a lower case letter, an upper case letter, a digit and one of !@#$%^&*',
  passwordUpdated: 'passwordUpdated',
  passwordOldWrong: 'Old password is not correct',
  passwordSameAsOld: 'The new password must be different from the old one',

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

  // Containers (spec 1 §5, §8; spec 2 §5, §8). Texts the spec gives are verbatim; the rest say
  // what the yard refused and why.
  invalidContainerNumber: 'Invalid container number...',
  confirmUpdateInvalidContainer: 'Do you still want to update container?',
  confirmDeleteContainer: 'Are you sure you want to delete the selected container?',
  containerNumberFormat: 'A container number has 11 letters and digits',
  containerNumberActive: (number: string) => `Container ${number} is already in the yard (an active container)`,
  containerNotFound: (number: string) => `Container ${number} was not found`,
  containerIdNumberMismatch: (id: number, number: string) => `Container ${id} is not ${number}`,
  containerSizeRequired: 'Choose the container size',
  unknownMasterData: (list: string, value: string) => `Unknown ${list} "${value}"`,
  locationNotAvailable: 'Location is not available',
  containerUpdated: 'Container updated successfully',
  containerAdded: 'Container added successfully',
  containerDeleted: 'Container deleted successfully',
  igmStatusIncomplete: 'Enter both IGM number and item number',
  // Container search of the kiosk and mobile pages (spec 2 §5), verbatim.
  searchNothingGiven: 'Please add an IGM item number or provide some container numbers to search.',
  searchTooMany: 'You can only search for upto 10 containers or a single IGM item number. Please try again.',
  // The containers screen's search (issue 13 point 4): every text must match, so fewer find as much.
  searchTooManyTerms: (max: number) =>
    `A search takes at most ${max} texts, and every one of them must match: remove some and search again.`,
  searchTookTooLong: 'This search took too long. Search with longer texts, or fewer of them, and try again.',

  // Location updates and the yard's invariants (spec 1 §5, spec 2 §5, DESIGN §5)
  nothingToUpdate: 'Nothing to update',
  locationUpdateIncomplete: 'Every row needs its container id, number and new area, row and column',
  slotNameInvalid: (location: string) => `"${location}" is not a slot name (area_row_column_height)`,
  slotUnknown: (location: string) => `Slot ${location} does not exist in the yard layout`,
  slotTaken: (location: string) => `Slot ${location} is already taken`,
  slotTakenTwice: (location: string) => `Slot ${location} is the new location of more than one container`,
  slotAboveHeight: (location: string, maxHeight: number) =>
    `Slot ${location} is above the area's height of ${maxHeight} tiers`,
  slotHole: (location: string) => `Slot ${location} can not be used: the slot below it is empty`,
  slotLeavesHole: (number: string, location: string) =>
    `Container ${number} can not leave ${location}: a container stands on top of it`,
  fortyFootNeedsPair: (number: string, location: string) =>
    `Container ${number} is 40 ft and needs a merged 40 ft column pair; ${location} is not the start of one`,
  containerMovedMeanwhile: (number: string, location: string) =>
    `Container ${number} was moved by someone else meanwhile; it is now at ${location}`,
  containerDispatched: (number: string) => `Container ${number} has been dispatched and is not in the yard`,
  containerOnTopOfOthers: (number: string) => `Container ${number} has containers on top of it; move them first`,
  containerSizeInYard: (number: string) =>
    `Container ${number} stands in the yard as a box of its present length; move it out of its slot before changing its size`,
  yardInvariant: (detail: string) => `The yard refused this change: ${detail}`,
  yardBusy: 'The yard changed while saving; please try again',
  // Why Update Location marks a column or a height as refused, before anything is sent
  slotChoiceFull: 'full',
  slotChoiceNotPairStart: 'not the start of a 40 ft pair',
  slotChoiceUneven: 'its pair is stacked to two heights',
  slotChoiceTaken: 'taken',
  slotChoiceBelowEmpty: 'the slot below is empty',

  // Yard administration (spec 2 §5, §8)
  splitAreaEntireArea: 'You seem to have selected entire area fo splitting. Please choose a part of it!',
  splitAreaRequired: 'Choose the area, the from and to columns and a new area name',
  splitAreaColumnsInvalid: 'Choose from and to columns of the area, from before to',
  splitAreaCutsPair: 'The columns would cut a merged 40 ft pair in two',
  areaNameTaken: (name: string) => `An area with name ${name} already exists`,
  areaNotFound: (name: string) => `Area ${name} does not exist`,
  mergeSlotsInvalid: 'Merge slots: choose unmerged columns after the from column, an odd distance away',
  splitSlotsInvalid: 'Split slots: choose a run of merged columns that starts at the from column',
  splitSlotsOccupied: (columns: string) => `Columns ${columns} hold 40 ft containers; move them first`,
  bulkLocationInvalid: 'Give the four corners of the area, each with a valid latitude and longitude',
  yardLayoutUpdated: 'Yard layout updated successfully',

  // Colour rules (spec 1 §5)
  ruleNameTaken: (name: string) => `Rule with name ${name} already exist!`,
  ruleNameRequired: 'Enter a rule name',
  ruleColorRequired: 'Choose a colour other than #000000',
  ruleCellsRequired: 'Select at least one cell',
  ruleCellTaken: (cell: string, rule: string) => `Cell ${cell} already belongs to rule ${rule}`,
  ruleCellUnknown: (cellId: number) => `Cell ${cellId} does not exist`,
  ruleSaved: 'Rule saved successfully',
  ruleDeleted: 'Rule deleted successfully',

  // Page jump (spec 1 §5)
  pageOutOfRange: (pageCount: number) => `Enter a page number between 1 and ${pageCount}`,

  // Smart gate OCR queue (spec 2 §5, §8)
  ocrNotDetected: 'Container number not detected from OCR.',
  ocrPurgeReasonRequired: 'Please provide a suitable reason for deleting ocr data.',
  ocrQueueEmpty: 'No container is waiting in the OCR queue of this gate',
  ocrRecordNotFound: 'This OCR record does not exist for this gate',
  ocrNoFrame: 'No frame has arrived from this camera yet',
  ocrCameraNotConfigured: (camera: string, gateId: number) => `Camera ${camera} is not configured for gate ${gateId}`,
  smartGateDisabled: 'Smart gate is switched off on this yard',
  ocrUploadNotJpeg: 'The body must be a JPEG image (Content-Type: image/jpeg)',
  deviceLoginRateLimited: 'Too many failed logins for this device or from this address; try again in a minute',

  // Gate (spec 1 §5, §8); the trailing spaces of the number and tag messages are the spec's
  gateInPurposeRequired: 'Choose gate-in type for container',
  gateInPurposeRequiredSecond: 'Choose gate-in type for second container',
  gateInInsufficientData: 'Insufficient data for proceeding with gate-in',
  gateFirstNumberInvalid: 'Enter correct number for first container ',
  gateSecondNumberInvalid: 'Enter correct number for second container ',
  gateFirstTagInvalid: 'Enter correct tag for first container ',
  gateSecondTagInvalid: 'Enter correct tag for second container ',
  gateSameNumbers: 'Container numbers for both containers can not be same',
  gateSameTags: 'Tag numbers for both containers can not be same',
  gateTrailerNumberRequired: 'Enter trailer number',
  gateTrailerTagInvalid: 'Enter correct trailer tag',
  gateExportTaskIncomplete: 'Choose a task type and a delivery mode for every export-out container',
  gatePlanningSizeRequired: 'Choose the size of every container',
  gatePlanningOutActivityRequired: 'Choose an activity group and an activity for every out-container',
  gateSingleNeedsOne: 'A single gate-in takes one container',
  gateDoubleNeedsTwo: 'A double gate-in takes two containers',
  gateInSuccessful: 'Gate-in successful',
  gateInTypeSwitchConfirm: 'You have unsaved gate-in data. Do you want to discard it and switch the gate-in type?',
  gateContainerInYard: (number: string) => `Container ${number} is already in the yard`,
  gateTagBound: (tag: string, number: string) => `Tag ${tag} is in use by container ${number}`,
  gateTrailerTagInYard: (tag: string, trailer: string) =>
    `Trailer tag ${tag} is in use by trailer ${trailer} inside the yard`,
  vehiclePurposeRequired: 'Choose gate-in type for vehicle',
  vehicleTrailerTagRequired: 'Enter trailer tag',
  trailerTagLength: 'Trailer tag should be of 8 characters',
  vehicleGateInFailed: (reason: string) => `Vehicle gate-in failed: ${reason}`,
  vehicleGateInSuccessful: 'Vehicle gate-in successful',
  retagNumberRequired: 'Enter container number before proceeding',
  retagNoExistingTag: 'No existing container tag found for the entered container',
  retagNewTagRequired: 'Enter new container tag',
  retagNewTagLength: 'New tag should be of 8 characters',
  retagSuccessful: 'Re-tag successful',
  retagOldTagMismatch: (number: string) => `The old tag is not the tag of container ${number}`,
  dispatchNumberInvalid: 'Enter correct container number',
  dispatchTimeRequired: 'Enter dispatch time',
  dispatchGatePassFirst: 'Please verify Gate pass first.',
  dispatchReasonRequired: 'Please provide a suitable reason to dispatch this container.',
  dispatchSuccessful: 'Dispatch successful',
  dispatchNotInYard: (number: string) => `Container ${number} is not in the yard`,
  dispatchFoundInErp: (number: string) => `Container ${number} is found in Erp. Do you still want to dispatch?`,
  scanningDispatchFailed: 'Dispatch of container for scanning failed',
  scanningDispatchFailedWith: (reason: string) => `Dispatch of container for scanning failed: ${reason}`,
  dispatchTimeInFuture: 'The dispatch time is in the future',
  dispatchBeforeGateIn: (number: string) => `Container ${number} can not be dispatched before its gate-in time`,
  gateDoubleTwentyOnly: 'A double gate-in takes two 20 ft containers',
  gateTaskTypeRule: (taskType: string) =>
    `The delivery mode or the location does not fit task type ${taskType} (spec 3 §5 task type rules)`,
  gateExportTaskType: (taskType: string) =>
    `${taskType} is not an export-out task: choose Export Loading or Empty Loading`,
  trailerClassInvalid: 'The trailer type is Drop or Pickup',
  gateRequestReused: 'This request id was used for another gate transaction',
  gateUnknownReaderGate: 'The chosen gate does not exist',
  tagExpired: (tag: string) => `Tag ${tag}, has reached its end of life, Use a different tag.`,
  tagExpiredAllowed: (tag: string) =>
    `Tag ${tag}, has reached its end of life, Use a different tag. Do you still want to use it?`,
  tagExpiredTitle: 'Tag Expired',
  tagInvalid: 'A container tag is 8 digits or one of Refer Tag, ODC Tag, Tank Tag, DummyTag',
  gateCountAlert: (process: string, cha: string) =>
    `Gate In Count will exceed Allowed Vechile Count for process ${process} and CHA ${cha}. Do you want to proceed?`,

  // Trailers (spec 3 §5, §8)
  trailerSaved: 'TRSuccess',
  trailerNotFound: 'This trailer does not exist',
  trailerAlreadyDispatched: 'This trailer has already been dispatched',
  trailerNumberTaken: (number: string) => `A permanent trailer with number ${number} already exists`,
  trailerTagTaken: (tag: string) => `Trailer tag ${tag} is already mapped`,
  plaCardTaken: (card: string) => `PLA card ${card} is already mapped to another trailer tag`,
  uploadBadFile: 'The file could not be read: upload an xlsx or csv file with a header row',

  // Refused requests in words, per field (the server never shows a schema's own text)
  requestLabel: 'The request',
  fieldRequired: (label: string) => `${label} is required`,
  fieldTooShort: (label: string, limit: number) => `${label} needs at least ${limit} characters`,
  fieldTooLong: (label: string, limit: number) => `${label} can have at most ${limit} characters`,
  fieldTooSmall: (label: string, limit: number) => `${label} must be ${limit} or more`,
  fieldTooLarge: (label: string, limit: number) => `${label} must be ${limit} or less`,
  fieldTooFewItems: (label: string, limit: number) => `${label} needs at least ${limit} entries`,
  fieldTooManyItems: (label: string, limit: number) => `${label} can have at most ${limit} entries`,
  fieldNotChoice: (label: string, choices: string) => `${label} must be one of ${choices}`,
  fieldNotWholeNumber: (label: string) => `${label} must be a whole number`,
  fieldNotNumber: (label: string) => `${label} must be a number`,
  fieldNotText: (label: string) => `${label} must be text`,
  fieldNotYesNo: (label: string) => `${label} must be yes or no`,
  fieldNotList: (label: string) => `${label} must be a list`,
  fieldWrongForm: (label: string) => `${label} is not written in the expected form`,
  fieldInvalid: (label: string) => `${label} is not valid`,
  fieldUnknown: (name: string) => `${name} is not a field of this request`,
  emailInvalid: 'Enter a valid e-mail address, like name@example.com',
  usernameInvalid: 'A username may contain only letters, digits and . _ @ -',
  roleNameInvalid: 'A role name may contain only letters, digits, spaces, _ and -',
  landingPageInvalid: 'A landing page is a path of this application, like /containers',

  // Confirmations (spec 1 §8)
  confirmDelete: 'Are you sure you want to delete this?',
  selectOneRow: 'Select exactly one row',
} as const;

// Field names as a person reads them, where splitting the name's words is not enough.
export const fieldLabels: Readonly<Record<string, string>> = {
  email: 'E-mail',
  ip: 'IP address',
  ipAddress: 'IP address',
  igm: 'IGM',
  igmNumber: 'IGM number',
  igmItemNumber: 'IGM item number',
  rfStatus: 'RF status',
  tagId: 'Tag',
  containerId: 'Container',
  roleId: 'Role',
  gateId: 'Gate',
};
