// The one image rule lives in the contracts (the API's upload check uses the same limit).
export { imageFileProblem } from '@supply-hub/api/contracts';
