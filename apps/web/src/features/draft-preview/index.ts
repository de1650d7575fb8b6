/** The draft preview's public face: the component both composers mount, and who it is for. */
export { DraftPreview } from './components/draft-preview';
export type { DraftReader } from './preview-languages';
