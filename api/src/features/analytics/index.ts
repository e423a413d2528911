/** The analytics feature's public face: its route. */
