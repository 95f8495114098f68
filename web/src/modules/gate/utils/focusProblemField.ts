// Puts the focus on the field a gate form rule names (FormProblem.field of contracts' gate-forms:
// the request field, e.g. 'container2Data.tagId', or a whole part, e.g. 'container2Data'). The
// form's inputs are named after the request fields they fill; a part goes to its first input.
export function focusProblemField(formId: string, field: string): void {
  const form = document.getElementById(formId);
  if (!form) return;
  const target =
    form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) ??
    form.querySelector<HTMLElement>(`[name^="${CSS.escape(field)}."]`);
  target?.focus();
}
