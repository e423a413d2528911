/** The user-data feature's public face: the dashboards' records. */
