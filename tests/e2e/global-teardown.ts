import { forgetUsedCodes } from './authenticator';

export default forgetUsedCodes;
