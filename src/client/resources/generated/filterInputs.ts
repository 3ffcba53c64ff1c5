/** react-admin's inputs the lists' filters load after their first rows (lazyFilterInputs.tsx): one chunk for them. */
export { BooleanInput, DateInput, SelectInput } from 'react-admin';
