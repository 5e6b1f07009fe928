/** The console's form kit: the draft's state and check, the problems above the fields and the editor's actions. */
export { EditorActions, FormProblems } from './AdminFormParts';
export { useDraftForm, type Checked, type FieldErrors } from './useDraftForm';
