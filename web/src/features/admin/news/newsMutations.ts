/**
 * The news editor's mutations (ADMIN-AREA, ADMIN-CONCURRENCY): create, update (with the version the
 * editor holds), publish / unpublish and delete. Each answers the editor's fields of the item
 * (`NewsEditorPage_item`), so the store and the list stay current.
 */
import { graphql } from 'react-relay';

export const CreateNewsMutation = graphql`
  mutation newsMutationsCreateMutation($texts: [NewsItemTextsInput!]!, $productSlug: String) {
    createNewsItem(texts: $texts, productSlug: $productSlug) {
      id
      version
      ...NewsEditorPage_item
    }
  }
`;

export const UpdateNewsMutation = graphql`
  mutation newsMutationsUpdateMutation($id: ID!, $texts: [NewsItemTextsInput!], $productSlug: String, $version: Int) {
    updateNewsItem(id: $id, texts: $texts, productSlug: $productSlug, version: $version) {
      id
      version
      ...NewsEditorPage_item
    }
  }
`;

export const PublishNewsMutation = graphql`
  mutation newsMutationsPublishMutation($id: ID!, $published: Boolean!, $version: Int) {
    publishNewsItem(id: $id, published: $published, version: $version) {
      id
      version
      published
      isPublished
      ...NewsEditorPage_item
    }
  }
`;

export const DeleteNewsMutation = graphql`
  mutation newsMutationsDeleteMutation($id: ID!, $version: Int) {
    deleteNewsItem(id: $id, version: $version) {
      id @deleteRecord
    }
  }
`;
