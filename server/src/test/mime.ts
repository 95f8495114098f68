// The text of a MIME message as a person reads it, for assertions: quoted-printable soft line
// breaks joined and its escapes decoded (the survey mails are ASCII and UTF-8 text).
export function readableMime(data: string): string {
  const joined = data.replace(/\r\n/g, '\n').replace(/=\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
