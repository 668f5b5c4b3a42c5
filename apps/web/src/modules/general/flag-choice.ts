/** A yes / no filter as a select's value: antd's Select holds strings and numbers, not booleans. */
export type Choice = 'all' | 'on' | 'off';

export const choiceOf = (flag: boolean | undefined): Choice => (flag === undefined ? 'all' : flag ? 'on' : 'off');
export const flagOf = (choice: Choice): boolean | undefined => (choice === 'all' ? undefined : choice === 'on');
