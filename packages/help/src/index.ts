export * from './describe-plugin';
export { htmlToPlainText } from './html-to-plain-text';
export { toLines } from './help-lines';
