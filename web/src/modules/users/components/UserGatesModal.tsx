import { useState } from 'react';
import { MultiSelect, Text } from '@mantine/core';
import type { User, UserGates } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import { ListState } from '../../../ui/ListState';
import { AppModal } from '../../../ui/AppModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import { useSaveUserGates } from '../hooks/useSaveUserGates';
import { useUserGates } from '../hooks/useUserGates';

// Which gates a user works (spec 2 §2: the smart gate screens list the user's gates, the first
// selected; issue 16): the yard's gates with their type, in the order chosen. Admins only (the
// route's access); without the right to change them the list is shown read only.
export function UserGatesModal({
  user,
  readOnlyReason,
  onClose,
}: {
  user: User;
  readOnlyReason: string | null;
  onClose: () => void;
}) {
  const gates = useUserGates(user.id);
  if (!gates.data)
    return (
      <AppModal opened onClose={onClose} title={`Gates of ${user.username}`} centered>
        <ListState
          loading={gates.isPending}
          error={gates.error ? errorMessageOf(gates.error) : null}
          count={0}
          emptyText=""
          onRetry={() => void gates.refetch()}
          testId="user-gates-state"
        />
      </AppModal>
    );
  return <UserGatesForm user={user} current={gates.data} readOnlyReason={readOnlyReason} onClose={onClose} />;
}

function UserGatesForm({
  user,
  current,
  readOnlyReason,
  onClose,
}: {
  user: User;
  current: UserGates;
  readOnlyReason: string | null;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(() => current.gates.map((gate) => String(gate.gateId)));
  const save = useSaveUserGates(user);
  const submission = useFormSubmission(null);
  const options = current.yardGates.map((gate) => ({
    value: String(gate.gateId),
    label: `${gate.name} (${gate.type})`,
  }));
  const first = current.yardGates.find((gate) => String(gate.gateId) === chosen[0]);
  return (
    <FormModal
      title={`Gates of ${user.username}`}
      onClose={onClose}
      onSubmit={() => {
        submission.start();
        save.mutate(chosen.map(Number), { onSuccess: onClose, onError: submission.fail });
      }}
      saving={save.isPending}
      error={submission.error}
      submitDisabled={readOnlyReason !== null}
      aside={
        readOnlyReason && (
          <Text size="xs" c="dimmed">
            {readOnlyReason}
          </Text>
        )
      }
      testId="user-gates-form"
    >
      <MultiSelect
        label="Gates"
        description="The smart gate screens list these gates in this order; the first is selected when they open."
        placeholder={chosen.length ? undefined : 'No gate: the smart gate says No Gate Configured'}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        clearable
        disabled={readOnlyReason !== null}
        nothingFoundMessage="No such gate"
        data-autofocus
        data-testid="user-gates-select"
      />
      {first && (
        <Text size="xs" c="dimmed" data-testid="user-gates-first">
          Selected first: {first.name} ({first.type})
        </Text>
      )}
    </FormModal>
  );
}
