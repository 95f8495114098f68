import { forwardRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { isSpecialTag, isValidContainerTag, messages } from '@openyard/contracts';
import { api } from '../../../api/http';
import { askExpiredTag } from '../utils/askExpiredTag';

interface TagFieldProps {
  label: string;
  // The request field it fills (a refused form focuses it by this name).
  name: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  // A container tag is checked with the server when the field is left (bound elsewhere, expired);
  // trailer and exit tags are not container tags.
  checkContainerTag?: { containerNumber: string } | null;
  error?: string | null;
  // The field the screen opens on (ScreenFocus).
  autofocus?: boolean;
}

// A tag field that readers fill live (its test id is what the benchmark watches) and the clerk can
// type. Leaving a container tag asks `tag-valid`: a tag bound to another container shows why, an
// expired one opens the 'Tag Expired' dialog and is cleared unless expired tags are allowed.
export const TagField = forwardRef<HTMLInputElement, TagFieldProps>(function TagField(
  { label, name, value, onChange, testId, checkContainerTag = null, error = null, autofocus = false },
  ref,
) {
  const [problem, setProblem] = useState<string | null>(null);

  const check = async () => {
    const tag = value.trim();
    setProblem(null);
    if (!checkContainerTag || !isValidContainerTag(tag) || isSpecialTag(tag)) return;
    const containerNumber = checkContainerTag.containerNumber.trim().toUpperCase() || undefined;
    try {
      const { responseMap } = await api.gateOperations.tagValid({ query: { tagId: tag, containerNumber } });
      if (responseMap.expired) {
        if (!(await askExpiredTag(tag, responseMap.allowExpired))) onChange('');
        return;
      }
      if (!responseMap.valid)
        setProblem(
          responseMap.message ?? (responseMap.boundTo ? messages.gateTagBound(tag, responseMap.boundTo) : null),
        );
    } catch {
      // The check is a help; the gate-in itself is checked by the server.
    }
  };

  return (
    <TextInput
      ref={ref}
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => void check()}
      error={error ?? problem}
      autoComplete="off"
      data-testid={testId}
      data-autofocus={autofocus || undefined}
    />
  );
});
