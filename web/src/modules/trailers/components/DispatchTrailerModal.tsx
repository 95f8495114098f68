import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_DISPATCH_MODE, dispatchModeOf, type Trailer } from '@openyard/contracts';
import { FormModal } from '../../../ui/FormModal';
import { useFormSubmission } from '../../../ui/useFormSubmission';
import type { useTrailerWrites } from '../hooks/useTrailerWrites';

// The dispatch trailer dialog (spec 3 §2, §4): the selected trailer leaves the yard in the chosen
// dispatch mode, HAWK-E unless changed (spec 3 §9); the user is the session's.
export function DispatchTrailerModal({
  trailer,
  userName,
  dispatch,
  onClose,
}: {
  trailer: Trailer;
  userName: string;
  dispatch: ReturnType<typeof useTrailerWrites>['dispatch'];
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { dispatchMode: DEFAULT_DISPATCH_MODE } });
  const submission = useFormSubmission(form);

  const submit = (values: { dispatchMode: string }) => {
    submission.start();
    dispatch.mutate(
      { id: trailer.id, userName, dispatchMode: dispatchModeOf(values.dispatchMode) },
      { onSuccess: onClose, onError: submission.fail },
    );
  };

  return (
    <FormModal
      title={`Dispatch trailer ${trailer.trailerNumber}`}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
      saving={dispatch.isPending}
      error={submission.error}
      submitLabel="Dispatch"
      submitName="dispatch"
      testId="trailer-dispatch"
    >
      {trailer.outDate !== null && (
        <Text size="sm" c="orange" data-testid="trailer-dispatch-again">
          This trailer has been dispatched already; dispatching it again records a new out time.
        </Text>
      )}
      <TextInput
        label="Dispatch mode"
        data-autofocus
        data-testid="trailer-dispatch-mode"
        {...form.getInputProps('dispatchMode')}
      />
    </FormModal>
  );
}
