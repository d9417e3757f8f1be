import { graphql } from './gql';

/** The browser example's "My trips" page: a page of the caller's bookings, any kind. */
export const MyTripsDocument = graphql(`
  query MyTrips($first: Int, $after: String) {
    me {
      trips(first: $first, after: $after) {
        edges {
          cursor
          node {
            __typename
            id
            kind
            status
            paymentReference
            from {
              name
            }
            to {
              name
            }
            departure {
              date
              time
            }
            price {
              amount
              currency
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** The browser example's wallet page: the wallet and a page of its statement. */
export const WalletStatementDocument = graphql(`
  query WalletStatement($first: Int, $after: String) {
    me {
      wallet {
        currency
        balance
        availableBalance
        spendable
        heldTotal
        entries(first: $first, after: $after) {
          edges {
            node {
              id
              type
              amount
              balanceAfter
              reason
              createdAt
            }
          }
          pageInfo {
            hasNextPage
            endCursor
          }
        }
      }
    }
  }
`);
