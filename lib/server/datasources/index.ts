export { listDataSources } from './list-datasources';
export { getDataSource } from './get-datasource';
export { createDataSource } from './create-datasource';
export { updateDataSource } from './update-datasource';
export { deleteDataSource } from './delete-datasource';
export { uploadDataSource } from './upload-datasource';
export { listDataSourceTypes } from './list-datasource-types';
export { testSavedConnection, testUnsavedConnection } from './test-connection';
export { activeAccountOf } from './account-of';
