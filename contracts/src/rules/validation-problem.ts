import { fieldLabels, messages } from '../messages';

// One schema error as the validators report it (TypeBox's and ajv's shape).
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
}

export interface ValidationProblem {
  // The top-level request field the words are about (a form's field), when there is one.
  field?: string;
  message: string;
}

// The words a person reads for a refused request: the first field in error, said in words, never
// the schema's text ("body/email must match pattern …"). A schema may carry its own words for a
// pattern or format (`errorMessage`); the rest come from the keyword.
export function validationProblem(issues: readonly SchemaIssue[], schema?: unknown): ValidationProblem {
  const relevant = issues.filter((issue) => issue.keyword !== 'boolean');
  const first = relevant.find((issue) => issue.keyword !== 'anyOf' && issue.keyword !== 'oneOf') ?? relevant[0];
  if (!first) return { message: messages.fieldInvalid(messages.requestLabel) };
  const siblings = relevant.filter((issue) => issue.instancePath === first.instancePath);
  const issue = bestOf(siblings) ?? first;
  const segments = pathSegments(issue.instancePath);
  const params = issue.params ?? {};

  if (issue.keyword === 'additionalProperties') {
    const names = listParam(params.additionalProperties ?? params.additionalProperty);
    const name = names[0] ?? '';
    return { field: topField([...segments, name]), message: messages.fieldUnknown(name) };
  }
  if (issue.keyword === 'required') {
    const names = listParam(params.requiredProperties ?? params.missingProperty);
    const path = [...segments, names[0] ?? ''];
    return { field: topField(path), message: messages.fieldRequired(labelOf(path)) };
  }
  const label = labelOf(segments);
  return { field: topField(segments), message: wordsFor(issue, label, schema) };
}

// Among the errors of one value (a union reports one per branch), the one that says most.
const KEYWORD_ORDER = [
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'required',
  'additionalProperties',
  'type',
];
function bestOf(issues: readonly SchemaIssue[]): SchemaIssue | undefined {
  for (const keyword of KEYWORD_ORDER) {
    const found = issues.find((issue) => issue.keyword === keyword);
    if (found) return found;
  }
  return issues[0];
}

function wordsFor(issue: SchemaIssue, label: string, schema: unknown): string {
  const params = issue.params ?? {};
  const limit = typeof params.limit === 'number' ? params.limit : Number(params.limit);
  switch (issue.keyword) {
    case 'pattern':
    case 'format':
      return ownWords(schema, issue.schemaPath) ?? messages.fieldWrongForm(label);
    case 'minLength':
      return limit <= 1 ? messages.fieldRequired(label) : messages.fieldTooShort(label, limit);
    case 'maxLength':
      return messages.fieldTooLong(label, limit);
    case 'minimum':
    case 'exclusiveMinimum':
      return messages.fieldTooSmall(label, limit);
    case 'maximum':
    case 'exclusiveMaximum':
      return messages.fieldTooLarge(label, limit);
    case 'minItems':
      return messages.fieldTooFewItems(label, limit);
    case 'maxItems':
      return messages.fieldTooManyItems(label, limit);
    case 'enum':
      return messages.fieldNotChoice(label, listParam(params.allowedValues).join(', '));
    case 'const':
      return messages.fieldNotChoice(label, String(params.allowedValue));
    case 'type':
      return typeWords(String(params.type), label);
    default:
      return messages.fieldInvalid(label);
  }
}

function typeWords(type: string, label: string): string {
  switch (type) {
    case 'integer':
      return messages.fieldNotWholeNumber(label);
    case 'number':
      return messages.fieldNotNumber(label);
    case 'string':
      return messages.fieldNotText(label);
    case 'boolean':
      return messages.fieldNotYesNo(label);
    case 'array':
      return messages.fieldNotList(label);
    default:
      return messages.fieldInvalid(label);
  }
}

// The `errorMessage` of the schema the error points at, or of the schemas around it (a union's
// branch inherits its field's words).
function ownWords(schema: unknown, schemaPath: string | undefined): string | undefined {
  if (!schema || !schemaPath) return undefined;
  const nodes: unknown[] = [schema];
  for (const segment of pathSegments(schemaPath.replace(/^#/, ''))) {
    const parent = nodes[nodes.length - 1];
    if (typeof parent !== 'object' || parent === null) break;
    nodes.push((parent as Record<string, unknown>)[segment]);
  }
  for (const node of nodes.reverse()) {
    const words = typeof node === 'object' && node !== null ? (node as { errorMessage?: unknown }).errorMessage : null;
    if (typeof words === 'string') return words;
  }
  return undefined;
}

function pathSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

function topField(segments: readonly string[]): string | undefined {
  return segments.find((segment) => segment && !isIndex(segment));
}

function labelOf(segments: readonly string[]): string {
  const names = segments.filter((segment) => segment && !isIndex(segment));
  const name = names[names.length - 1];
  if (!name) return messages.requestLabel;
  // A nested id names its object: role.id is the role.
  const named = name === 'id' && names.length > 1 ? names[names.length - 2]! : name;
  return fieldLabels[named] ?? humanise(named);
}

// confirmPassword → Confirm password; container_number → Container number.
function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function listParam(value: unknown): string[] {
  const text = (item: unknown) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  if (Array.isArray(value)) return value.map(text);
  return value === undefined || value === null ? [] : [text(value)];
}
